CREATE TABLE "course_positions" (
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"lesson_slug" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "course_positions_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_completions" (
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"lesson_slug" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lesson_completions_user_id_course_id_lesson_slug_pk" PRIMARY KEY("user_id","course_id","lesson_slug")
);
--> statement-breakpoint
CREATE TABLE "risk_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"profile" text NOT NULL,
	"score" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_positions" ADD CONSTRAINT "course_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_completions" ADD CONSTRAINT "lesson_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_profiles" ADD CONSTRAINT "risk_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_positions_user_visited_idx" ON "course_positions" USING btree ("user_id","visited_at");